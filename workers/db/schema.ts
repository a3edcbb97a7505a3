/**
 * The D1 schema, for drizzle and drizzle-kit (`npm run db:generate` reads this file): one module per group of tables
 * in `schema/`, all re-exported here, so callers import from one place.
 */
export * from "./schema/accounts";
export * from "./schema/activity";
export * from "./schema/catalogue";
export * from "./schema/coins";
export * from "./schema/content";
export * from "./schema/developers";
export * from "./schema/moderation";
export * from "./schema/operations";
export * from "./schema/rounds";
export * from "./schema/social";
