// Types for the parts of bench-users.mjs that TypeScript benches use.
export function freePort(port: number, strict?: boolean): Promise<number>;
export function writeBenchUsers(options: {
  persistTo: string;
  count: number;
  firstId: number;
  label: string;
  extraSql?: string[];
}): string[];
