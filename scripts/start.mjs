// `npm start`: build, apply local migrations, seed an empty database, serve on http://localhost:8787.
import {
  build,
  migrateLocal,
  seedIfEmpty,
  startWranglerDev,
  stopProcessTree,
} from "./lib.mjs";

const port = Number(process.env.PORT ?? 8787);

build();
migrateLocal();
seedIfEmpty();

const server = startWranglerDev({ port });
console.log(`\nPlayfeed is starting on http://localhost:${port}`);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopProcessTree(server);
    process.exit(0);
  });
}
server.on("exit", (code) => process.exit(code ?? 0));
