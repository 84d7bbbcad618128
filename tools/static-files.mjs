// The static file serving the remotes' servers (tools/serve-static.mjs) share with the shell's
// production server. It lives in shell/server/ so the shell's server runs from its own workspace
// alone (`npm start -w @roconnect/shell` after installing only that workspace).
export * from '../shell/server/static-files.mjs';
