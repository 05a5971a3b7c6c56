/**
 * Browser-side (camelCase) types of the auth and users calls, as the client returns and takes
 * them: `Camelize` of the wire types in src/contracts (imported as types only, so zod never
 * reaches an island bundle).
 */
import type {
  LoginBody,
  RefreshResponse,
  RegisterBody,
  SessionResponse,
} from '../../contracts/auth.ts';
import type {
  ChangePasswordBody,
  FullUser,
  ProfileResponse,
  PublicUser as WirePublicUser,
  UpdateMeBody,
  UserListQuery,
  UserListResponse,
} from '../../contracts/users.ts';
import type { Camelize } from '../case.ts';

export type UserRole = FullUser['role'];

/** The signed-in user (GET /users/me). */
export type User = Camelize<FullUser>;

/** Anyone's public view: no email. */
export type PublicUser = Camelize<WirePublicUser>;

/** A public profile: the user and their counts (GET /users/{id}/profile). */
export type UserProfile = Camelize<ProfileResponse>;

/** Login, register, OAuth2 and password-change answers. `expiresIn` is in seconds. */
export type AuthSession = Camelize<SessionResponse>;

/** A refreshed access token. `expiresIn` is in seconds. */
export type TokenRefresh = Camelize<RefreshResponse>;

/** Registration; the nickname defaults to the username. */
export type RegisterInput = Camelize<RegisterBody>;
export type LoginInput = Camelize<LoginBody>;
export type ProfileUpdate = Camelize<UpdateMeBody>;
export type PasswordChange = Camelize<ChangePasswordBody>;

/** A page of any list: `{ <items>, total, offset, limit }`. */
export type Page<Key extends string, Item> = { [K in Key]: Item[] } & {
  total: number;
  offset: number;
  limit: number;
};
export type UserPage = Camelize<UserListResponse>;
export type UserSearch = Partial<Camelize<UserListQuery>>;
