import { env, exports } from "cloudflare:workers";
import { seedDatabase } from "../../workers/db/seed";
import { createDb } from "../../workers/db/client";
import { createSessionService } from "../../workers/services/sessions";

export const BASE = "https://playfeed.test";

export function request(path: string, init?: RequestInit) {
  return exports.default.fetch(new Request(`${BASE}${path}`, init));
}

export async function getJson<T = unknown>(path: string, init?: RequestInit): Promise<{ status: number; body: T; response: Response }> {
  const response = await request(path, init);
  return { status: response.status, body: (await response.json()) as T, response };
}

export async function seed() {
  await seedDatabase(env.DB);
}

export async function tokenFor(email: string): Promise<{ token: string; userId: number }> {
  const db = createDb(env.DB);
  const user = await db.query.users.findFirst({ where: (users, { eq }) => eq(users.email, email) });
  if (!user) throw new Error(`No seeded user ${email}`);
  return { token: await createSessionService(db).create(user.id), userId: user.id };
}

export const json = (method: string, body: unknown, token?: string): RequestInit => ({
  method,
  headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

export const validSignUp = (overrides: Record<string, unknown> = {}) => ({
  name: "Nora Quinn",
  email: `nora.${crypto.randomUUID().slice(0, 8)}@example.com`,
  phone_number: "9876501234",
  Pwd_Hash: "Secret@123",
  gender: "female",
  address: "22 River Walk, Porto",
  ...overrides,
});
