/**
 * React 18 has no `inert` prop, and setting it from an effect leaves hidden slides and drawers focusable in the
 * server's HTML until hydration: this renders the attribute itself, on the server too.
 */
export function inert(on: boolean): { inert?: "" } {
  return on ? { inert: "" } : {};
}
