import { createContext, useContext } from "react";

/**
 * The script nonce of the response being rendered (its Content-Security-Policy allows only scripts carrying it). Set on
 * the server by entry.server; in the browser it is absent, which is fine: browsers hide a nonce from scripts anyway, and
 * Remix's script tags skip hydration checks.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
