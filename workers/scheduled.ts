import { createServices } from "./context";

/**
 * The cron trigger (wrangler.toml): challenges nobody took up in time get their escrow back; spent rate limits go;
 * daily and weekly tournaments whose period ended are closed and paid, and closed boards' rows deleted (ADR 027);
 * rows past their time are pruned and D1's size recorded (ADR 047).
 */
export const scheduled: ExportedHandlerScheduledHandler<Env> = (
  _controller,
  env,
  ctx,
) => {
  const services = createServices(env);
  const work = Promise.all([
    services.challenges
      .settleAbandoned()
      .then(() => services.challenges.expireDue()),
    services.limits.sweep(),
    services.visitorRounds.sweep(),
    services.friendMatches.sweep(),
    services.runLogs.moveLegacy(),
    services.tournaments
      .closeDue()
      .then(() => services.tournaments.purgeClosed()),
    // What D1 keeps and for how long (ADR 047), then its size, so the sample sees this hour's prune.
    services.retention.prune().then(() => services.dbSize.recordSize()),
  ]);
  ctx.waitUntil(work);
  // Returned too, so that wrangler's `/__scheduled` (`npm run cron`) answers once the work is done, not before.
  return work.then(() => undefined);
};
