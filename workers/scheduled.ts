import { createServices } from "./context";

/**
 * The cron trigger (wrangler.toml): challenges nobody took up in time get their escrow back; spent rate limits go;
 * daily and weekly tournaments whose period ended are closed and paid, and closed boards' rows deleted (ADR 027).
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
    services.tournaments
      .closeDue()
      .then(() => services.tournaments.purgeClosed()),
  ]);
  ctx.waitUntil(work);
  // Returned too, so that wrangler's `/__scheduled` (`npm run cron`) answers once the work is done, not before.
  return work.then(() => undefined);
};
