/**
 * The most common passwords of public breach corpora (top of the NCSC "100k most used" list and
 * SecLists' top lists), plus a few local favourites. Only those of 6 characters or more matter:
 * shorter ones already fail the minimum length. Compared case-insensitively.
 */
const COMMON_PASSWORDS: readonly string[] = [
  '123456', 'password', '12345678', 'qwerty', '123456789', '12345', '1234', '111111', '1234567', 'dragon',
  '123123', 'baseball', 'abc123', 'football', 'monkey', 'letmein', '696969', 'shadow', 'master', '666666',
  'qwertyuiop', '123321', 'mustang', '1234567890', 'michael', '654321', 'superman', '1qaz2wsx', '7777777', '121212',
  '000000', 'qazwsx', '123qwe', 'killer', 'trustno1', 'jordan', 'jennifer', 'zxcvbnm', 'asdfgh', 'hunter',
  'buster', 'soccer', 'harley', 'batman', 'andrew', 'tigger', 'sunshine', 'iloveyou', '2000', 'charlie',
  'robert', 'thomas', 'hockey', 'ranger', 'daniel', 'starwars', 'klaster', '112233', 'george', 'computer',
  'michelle', 'jessica', 'pepper', '1111', 'zxcvbn', '555555', '11111111', '131313', 'freedom', '777777',
  'pass', 'maggie', '159753', 'aaaaaa', 'ginger', 'princess', 'joshua', 'cheese', 'amanda', 'summer',
  'love', 'ashley', 'nicole', 'chelsea', 'biteme', 'matthew', 'access', 'yankees', '987654321', 'dallas',
  'austin', 'thunder', 'taylor', 'matrix', 'password1', 'password123', 'qwerty123', '1q2w3e4r', '1q2w3e', 'admin123',
  'welcome', 'welcome1', 'passw0rd', 'p@ssw0rd', 'abcdef', 'abcd1234', 'qwe123', 'q1w2e3r4', 'iloveyou1', 'princess1',
  '123abc', 'a123456', '12341234', '999999', '888888', '123654', '147258369', 'football1', 'lovely', 'babygirl',
  'secret', 'changeme', 'default', 'letmein1', 'administrator', 'mahalkita', 'iloveu', 'pilipinas', 'philippines', 'manila',
];

const SET = new Set(COMMON_PASSWORDS.map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return SET.has(password.toLowerCase());
}

export const COMMON_PASSWORD_COUNT = SET.size;
