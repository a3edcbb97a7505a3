/** Which screens count as "home": / and /home-page render the same Home screen (SPEC.md §2). */
export function isHomePath(pathname: string): boolean {
  return pathname === "/" || pathname === "/home-page";
}
