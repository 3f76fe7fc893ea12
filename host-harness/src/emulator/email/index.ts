/**
 * E-mail: the outbox (what the platform would have sent: messages, one-time codes, reset and invitation links), the
 * `Core.SendEmail` integration's rules, the header-field checks every mailed address passes, and the outbox's control
 * route.
 */
export { isSingleAddress, refuseLineBreak } from './mail-fields.ts';
export { OUTBOX_TABLES, Outbox, type OutboxMessage } from './outbox.ts';
export { registerOutboxRoutes } from './outbox-routes.ts';
export { sendEmail } from './send-email.ts';
