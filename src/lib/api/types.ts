/**
 * Browser-side (camelCase) types of the auth, users and datasets calls, as the client returns and takes
 * them: `Camelize` of the wire types in src/contracts (imported as types only, so zod never
 * reaches an island bundle).
 */
import type { z } from 'zod';
import type {
  LoginBody,
  RefreshResponse,
  RegisterBody,
  SessionResponse,
} from '../../contracts/auth.ts';
import type {
  AccountDeletion as WireAccountDeletion,
  ChangePasswordBody,
  FullUser,
  ProfileResponse,
  PublicUser as WirePublicUser,
  UpdateMeBody,
  UserListQuery,
  UserListResponse,
} from '../../contracts/users.ts';
import type {
  createDatasetBodySchema,
  createVersionBodySchema,
  Dataset as WireDataset,
  DatasetListQuery,
  DatasetListResponse,
  DatasetSearchResponse,
  DatasetStats as WireDatasetStats,
  DatasetVersion as WireDatasetVersion,
  DownloadFormat,
  MyDatasetsQuery,
  TableContent as WireTableContent,
  updateDatasetBodySchema,
  ValidateResponse,
  VersionContent as WireVersionContent,
} from '../../contracts/datasets.ts';
import type { Camelize } from '../case.ts';

/** The signed-in user (GET /users/me). */
export type User = Camelize<FullUser>;

/** Anyone's public view: no email. */
export type PublicUser = Camelize<WirePublicUser>;

/** What deleting the account would delete and keep (GET /users/me/deletion). */
export type AccountDeletion = Camelize<WireAccountDeletion>;

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

export type UserPage = Camelize<UserListResponse>;
export type UserSearch = Partial<Camelize<UserListQuery>>;

/* ---------- datasets (src/contracts/datasets.ts) ---------- */
export type { DownloadFormat };

/** A dataset with its versions, newest first. */
export type Dataset = Camelize<WireDataset>;
/** One version: its `attributeTypes` keep the user's column names as keys. */
export type DatasetVersion = Camelize<WireDatasetVersion>;
export type DatasetPage = Camelize<DatasetListResponse>;
/** A search answer: a page plus the search's pagination fields. */
export type DatasetSearchPage = Camelize<DatasetSearchResponse>;
export type DatasetStats = Camelize<WireDatasetStats>;
/** A page of the latest version's rows (the product's Version detail). */
export type VersionContent = Camelize<WireVersionContent>;
export type TableValidation = Camelize<ValidateResponse>;
export type TableProblem = TableValidation['errors'][number];

/** GET /datasets filters; tags are sent comma-separated. */
export type DatasetListFilters = Partial<Camelize<DatasetListQuery>>;
/** GET /datasets/me. */
export type MyDatasetsFilters = Partial<Camelize<MyDatasetsQuery>>;

/** A new dataset as the client sends it: the create body, its defaults left out. */
export type NewDataset = Camelize<z.input<typeof createDatasetBodySchema>>;
/** Table content as the API takes it (`attributeTypes` optional: otherwise inferred). */
export type TableContent = Camelize<WireTableContent>;
/** A new dataset's metadata: the create body without its table. */
export type DatasetMetadata = Omit<NewDataset, keyof TableContent | 'changelog'>;
/** Editable metadata of a dataset (PUT /datasets/{id}: fields left out keep their value). */
export type DatasetUpdate = Camelize<z.input<typeof updateDatasetBodySchema>>;

/** POST /datasets/{id}/versions takes this payload as is (wire spelling). */
export type VersionPayload = z.input<typeof createVersionBodySchema>;
