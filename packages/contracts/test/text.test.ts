import {
  accountStatusRequestSchema,
  cleanText,
  createReviewRequestSchema,
  eventRequestSchema,
  feedbackRequestSchema,
  gateSyncRequestSchema,
  inquiryRequestSchema,
  registerRequestSchema,
  rejectEventRequestSchema,
  respondInquiryRequestSchema,
  reviewResponseRequestSchema,
  undoCheckinRequestSchema,
} from '../src';
import type { z } from 'zod';

/** Every field built with requiredText: its schema, the field and its message for a blank value. */
const FIELDS: Array<[string, z.ZodObject, string, string]> = [
  ['register', registerRequestSchema, 'first_name', 'First name is required'],
  ['register', registerRequestSchema, 'last_name', 'Last name is required'],
  ['register', registerRequestSchema, 'house_address', 'House address is required'],
  ['event', eventRequestSchema, 'name', 'Event name is required'],
  ['event', eventRequestSchema, 'description', 'Description is required'],
  ['event', eventRequestSchema, 'venueName', 'Venue name is required'],
  ['event', eventRequestSchema, 'streetName', 'Street name is required'],
  ['review', createReviewRequestSchema, 'text', 'Write your review'],
  ['review response', reviewResponseRequestSchema, 'message', 'Write a response'],
  ['feedback', feedbackRequestSchema, 'comment', 'Comment is required'],
  ['inquiry', inquiryRequestSchema, 'name', 'Name is required'],
  ['inquiry', inquiryRequestSchema, 'message', 'Message is required'],
  ['inquiry answer', respondInquiryRequestSchema, 'message', 'A response message is required'],
  ['event rejection', rejectEventRequestSchema, 'reason', 'A reason is required to reject an event'],
  ['check-in undo', undoCheckinRequestSchema, 'reason', 'Give a reason for undoing the check-in'],
  ['gate sync', gateSyncRequestSchema, 'device', "device must be the gate's name (1-60 characters)"],
];

function field(schema: z.ZodObject, key: string): z.ZodType {
  return schema.shape[key] as z.ZodType;
}

describe('cleanText', () => {
  it('normalises to NFC', () => {
    expect(cleanText('e\u0301')).toBe('é');
    expect(cleanText('Jose\u0301 Pen\u0303a')).toBe('José Peña');
  });

  it('removes bidirectional controls', () => {
    expect(cleanText('\u202egnp.exe')).toBe('gnp.exe');
    for (const c of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u061c']) {
      expect(cleanText(`a${c}b`)).toBe('ab');
    }
  });

  it('removes zero-width and invisible format characters', () => {
    for (const c of ['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2060', '\u2061', '\u2062', '\u2063', '\u2064', '\ufeff', '\u00ad', '\u180e']) {
      expect(cleanText(`a${c}b`)).toBe('ab');
    }
  });

  it('composes a letter and its accent that an invisible character kept apart', () => {
    expect(cleanText('e\u200b\u0301')).toBe('é');
  });

  it('trims what is left', () => {
    expect(cleanText(' \u200b Ana \u202e ')).toBe('Ana');
    expect(cleanText('\u200b')).toBe('');
  });

  it('leaves ordinary Filipino names as they are', () => {
    for (const name of ['Santo Niño', 'Peñafrancia', "D'Angelo", "O'Brien-Dela Cruz", 'Ma. Cristina', 'Jean-Paul', 'Añonuevo', 'Dela Peña-Ibañez']) {
      expect(cleanText(name)).toBe(name);
      expect(cleanText(name.normalize('NFD'))).toBe(name);
    }
  });
});

describe.each(FIELDS.map(([area, schema, key, required]) => ({ name: `${area}: ${key}`, schema, key, required })))('$name', ({ schema, key, required }) => {
  const parse = (value: unknown) => field(schema, key).safeParse(value);

  it('refuses a value of only invisible characters with the field’s blank message', () => {
    for (const value of ['\u200b', '\u202e', ' \u200b\u200d\ufeff ', '\u00ad']) {
      const result = parse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(required);
    }
  });

  it('keeps the cleaned text', () => {
    expect(parse('\u202egnp.exe').data).toBe('gnp.exe');
    expect(parse(' Pen\u0303a\u200b ').data).toBe('Peña');
    expect(parse("O'Brien-Dela Cruz").data).toBe("O'Brien-Dela Cruz");
  });
});

describe('lengths count the cleaned text', () => {
  it('a name at the limit once its invisible characters are gone is accepted', () => {
    const name = `${'a'.repeat(80)}${'\u200b'.repeat(10)}`;
    expect(field(registerRequestSchema, 'first_name').safeParse(name).data).toBe('a'.repeat(80));
    expect(field(registerRequestSchema, 'first_name').safeParse('a'.repeat(81)).error?.issues[0]?.message).toBe(
      'First name is too long (at most 80 characters)',
    );
  });

  it('a value of another type keeps its message', () => {
    expect(field(registerRequestSchema, 'first_name').safeParse(5).error?.issues[0]?.message).toBe('First name must be text');
    expect(field(registerRequestSchema, 'first_name').safeParse(undefined).error?.issues[0]?.message).toBe('First name is required');
    expect(field(createReviewRequestSchema, 'text').safeParse(5).error?.issues[0]?.message).toBe('Write your review');
  });
});

describe('an account status reason (optional)', () => {
  it('is cleaned, and none when only invisible characters', () => {
    expect(accountStatusRequestSchema.parse({ status: 'Restricted', reason: '\u202eSpam\u200b' }).reason).toBe('Spam');
    expect(accountStatusRequestSchema.parse({ status: 'Restricted', reason: '\u200b' }).reason).toBeUndefined();
    expect(accountStatusRequestSchema.parse({ status: 'Restricted' }).reason).toBeUndefined();
  });
});
