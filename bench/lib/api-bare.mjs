// The baseline of bench/lib/api.mjs: a bare Fastify app with one route returning a small JSON,
// in its own process like the API, so both are measured the same way. Prints its URL when ready.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ success: true, data: { hello: 'world' } }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const { port } = app.server.address();
console.log(`bare fastify listening on http://127.0.0.1:${port}`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
