// @sports/api-client/account: My Account's calls (profile, password, a copy of one's data, deletion).
import { myDataResponseSchema, profileResponseSchema, successResponseSchema } from '@sports/contracts';
import type { ChangePasswordRequest, DeleteAccountRequest, MyDataResponse, Profile, ProfileUpdateRequest } from '@sports/contracts';
import { apiDelete, apiGet, apiPost, apiPut } from '@sports/api-client';
import { queryOptions } from '@sports/query';

/** GET /api/my/profile: the caller's own account. */
export async function getMyProfile(signal?: AbortSignal): Promise<Profile> {
  return (await apiGet('/api/my/profile', profileResponseSchema, { signal })).profile;
}

export const myProfileQuery = () => queryOptions({ queryKey: ['my-profile'] as const, queryFn: ({ signal }) => getMyProfile(signal) });

/** PUT /api/my/profile: names, gender and address (400 with the registration's messages); the saved profile. */
export async function updateMyProfile(input: ProfileUpdateRequest, signal?: AbortSignal): Promise<Profile> {
  return (await apiPut('/api/my/profile', input, profileResponseSchema, { signal })).profile;
}

/** POST /api/my/password { current_password, new_password }: the account's other sessions end. */
export async function changeMyPassword(input: ChangePasswordRequest, signal?: AbortSignal): Promise<void> {
  await apiPost('/api/my/password', input, successResponseSchema, { signal });
}

/** GET /api/my/data: everything stored about the caller. */
export async function getMyData(signal?: AbortSignal): Promise<MyDataResponse> {
  return apiGet('/api/my/data', myDataResponseSchema, { signal });
}

/** DELETE /api/my/account { password } or { email }: the account is anonymised and signed out everywhere. */
export async function deleteMyAccount(confirmation: DeleteAccountRequest, signal?: AbortSignal): Promise<void> {
  await apiDelete('/api/my/account', confirmation, successResponseSchema, { signal });
}
