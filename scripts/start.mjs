// `npm start`: build, apply local migrations, seed an empty database, serve on http://localhost:8787, and the games
// origin of developers' uploaded games (ADR 039) on the next port, http://localhost:8788.
import {
  build,
  migrateLocal,
  seedIfEmpty,
  startGamesOrigin,
  startWranglerDev,
  stopProcessTree,
} from "./lib.mjs";

const port = Number(process.env.PORT ?? 8787);
const gamesPort = Number(process.env.GAMES_PORT ?? port + 1);

build();
migrateLocal();
seedIfEmpty();

const server = startWranglerDev({
  port,
  vars: {
    APP_ORIGIN: `http://localhost:${port}`,
    GAMES_ORIGIN: `http://localhost:${gamesPort}`,
  },
});
await startGamesOrigin({
  port: gamesPort,
  target: `http://127.0.0.1:${port}`,
});
console.log(
  `\nPlayfeed is starting on http://localhost:${port} (uploaded games: http://localhost:${gamesPort})`,
);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopProcessTree(server);
    process.exit(0);
  });
}
server.on("exit", (code) => process.exit(code ?? 0));
