/**
 * A server's own words and its Verify message (docs/product.md › Messages). The types are the
 * `Static` forms of the API's schemas, declared beside them and exported here as types only.
 */
export type {
  ServerMessages,
  MessagesData,
  EditMessagesData,
  PreviewMessagesRequest,
  PreviewMessagesData,
  VerifyMessageState,
  EditVerifyMessageRequest,
  RemovedVerifyMessage,
} from './schemas/messages';
