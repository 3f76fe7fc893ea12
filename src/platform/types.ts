/**
 * Payload types of the platform contract (`docs/platform-api.md`). Fields the contract does not name stay open
 * (`[key: string]: unknown`), because the hosted platform adds fields over time.
 */

/** The default of the schema type parameters: nothing declared. */
export type NoSchemas = Record<never, never>;

/** `GET /apps/public/prod/public-settings/by-id/{appId}`. */
export interface PublicSettings {
  id: string;
  public_settings: Record<string, unknown>;
  [key: string]: unknown;
}

/** Fields every stored record carries. */
export interface EntityRecord {
  id: string;
  created_date: string;
  updated_date: string;
  created_by?: string | null;
  [key: string]: unknown;
}

/** The current user (`entities/User/me`); `role` is `'admin'` for administrators. */
export interface PlatformUser extends EntityRecord {
  email?: string;
  full_name?: string;
  role?: string;
}

/** A filter query: field values or the operators `$eq $ne $gt $gte $lt $lte $in $nin $exists $regex $and $or $not`. */
export type FilterQuery = Record<string, unknown>;

/** A sort key: a field name, `-` prefix for descending (default `-created_date`). */
export type SortKey = string;

/** `DELETE /{id}`. */
export interface DeleteResult {
  success: boolean;
  [key: string]: unknown;
}

/** `DELETE` on the collection (deleteMany). */
export interface DeleteManyResult extends DeleteResult {
  deleted: number;
}

/** `POST /import`. */
export interface ImportResult {
  status: 'success' | 'error';
  details: unknown;
  output: unknown;
}

/** `POST auth/login` body. */
export interface LoginPayload {
  email: string;
  password: string;
  turnstile_token?: string;
}

/** `POST auth/login` answer. */
export interface LoginResponse<U = PlatformUser> {
  access_token: string;
  user: U;
}

/** `POST auth/register` body (free-form). */
export type RegisterPayload = Record<string, unknown>;

/** `POST auth/verify-otp` body. */
export interface VerifyOtpPayload {
  email: string;
  otp_code: string;
}

/** `POST auth/resend-otp` and `auth/reset-password-request` body. */
export interface EmailPayload {
  email: string;
}

/** `POST auth/reset-password` body. */
export interface ResetPasswordPayload {
  reset_token: string;
  new_password: string;
}

/** `POST auth/change-password` body. */
export interface ChangePasswordPayload {
  user_id: string;
  current_password: string;
  new_password: string;
}

/** `POST users/invite-user` body. */
export interface InviteUserPayload {
  user_email: string;
  role: string;
}

/** `GET auth/sso/accesstoken/{userId}` (service role). */
export interface SsoAccessTokenResponse {
  access_token: string;
}

/** The site's `createCheckout` function call. */
export interface CheckoutRequest {
  packageName: string;
}

/** The `createCheckout` answer: the payment provider address. */
export interface CheckoutResponse {
  url: string;
}

/** Named parameters of a function or integration call; a top-level `File`/`Blob` makes it multipart. */
export type CallParams = Record<string, unknown>;

/** One message of an agent conversation. */
export interface AgentMessage {
  id: string;
  role?: string;
  content?: unknown;
  [key: string]: unknown;
}

/** An agent conversation: an id and its messages. */
export interface AgentConversation {
  id: string;
  agent_name?: string;
  metadata?: Record<string, unknown>;
  messages: AgentMessage[];
  [key: string]: unknown;
}

/** `POST agents/conversations` body. */
export interface CreateConversationPayload {
  agent_name: string;
  metadata?: Record<string, unknown>;
}

/** Server event `update_model`: a room and a JSON string. */
export interface RealtimeUpdateMessage {
  room: string;
  data: string;
}

/** The parsed `data` of an entity room update. */
export interface EntityChangeEvent<T = EntityRecord> {
  type: 'create' | 'update' | 'delete';
  data: T;
  id: string;
}

/** The parsed `data` of an agent conversation room update. */
export interface ConversationUpdateData {
  _message?: AgentMessage;
  [key: string]: unknown;
}
