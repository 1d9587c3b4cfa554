/**
 * The start-up baseline (bench/startup.ts): the smallest Bun HTTP server, compiled the
 * same way as budget-chat. Usage: hello-server PORT
 */
const port = Number(process.argv[2] ?? 3000);
Bun.serve({ hostname: "127.0.0.1", port, development: false, fetch: () => new Response("Hello, world!") });

export {};
