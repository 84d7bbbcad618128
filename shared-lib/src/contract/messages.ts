/**
 * A server's own words and its Verify message (docs/product.md › Messages). The types are the
 * `Static` forms of the API's schemas, imported as types only.
 */
import type { Static } from 'typebox';
import type {
  EditMessagesDataSchema,
  EditVerifyMessageBodySchema,
  MessagesDataSchema,
  PreviewMessagesBodySchema,
  PreviewMessagesDataSchema,
  RemovedVerifyMessageSchema,
  ServerMessagesSchema,
  VerifyMessageStateSchema,
} from './schemas/messages';

/** PUT …/edit/messages; also GET …/messages `messages` */
export type ServerMessages = Static<typeof ServerMessagesSchema>;
export type MessagesData = Static<typeof MessagesDataSchema>;
export type EditMessagesData = Static<typeof EditMessagesDataSchema>;
export type PreviewMessagesRequest = Static<typeof PreviewMessagesBodySchema>;
export type PreviewMessagesData = Static<typeof PreviewMessagesDataSchema>;
/** GET and PATCH …/verify-message */
export type VerifyMessageState = Static<typeof VerifyMessageStateSchema>;
export type EditVerifyMessageRequest = Static<typeof EditVerifyMessageBodySchema>;
export type RemovedVerifyMessage = Static<typeof RemovedVerifyMessageSchema>;
