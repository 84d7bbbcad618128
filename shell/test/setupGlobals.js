// cspNonce.ts assigns webpack's free variable __webpack_nonce__; webpack defines it in a build, so
// Jest must too or the assignment throws a ReferenceError.
globalThis.__webpack_nonce__ = undefined;
