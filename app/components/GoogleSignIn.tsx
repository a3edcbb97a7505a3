import { useEffect, useRef, useState } from "react";
import "./GoogleSignIn.css";

interface GoogleCredentialResponse {
  credential: string;
}

interface GoogleIdentityServices {
  accounts: {
    id: {
      initialize(config: {
        client_id: string;
        callback: (response: GoogleCredentialResponse) => void;
      }): void;
      renderButton(
        parent: HTMLElement,
        options: Record<string, string | number>,
      ): void;
    };
  };
}

const GSI_SCRIPT_SRC = "https://accounts.google.com/gsi/client";
let gsiLoading: Promise<GoogleIdentityServices> | null = null;

/** Google Identity Services' script, added to the page once and only when a client id is configured. */
function loadGoogleIdentityServices(): Promise<GoogleIdentityServices> {
  gsiLoading ??= new Promise<GoogleIdentityServices>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = GSI_SCRIPT_SRC;
    script.async = true;
    script.onload = () => {
      const google = (window as unknown as { google?: GoogleIdentityServices })
        .google;
      if (google?.accounts?.id) resolve(google);
      else reject(new Error("Google sign-in did not start"));
    };
    script.onerror = () => {
      gsiLoading = null;
      script.remove();
      reject(new Error("Google sign-in could not be loaded"));
    };
    document.head.appendChild(script);
  });
  return gsiLoading;
}

export interface GoogleSignInButtonProps {
  clientId: string;
  /** Receives Google's ID token. */
  onCredential: (credential: string) => void;
}

/**
 * "or" and Google's own "Continue with Google" button, drawn by its script into a box. Until the script has drawn it
 * (or when it cannot load) nothing shows, so there is never an empty space under "or".
 */
export function GoogleSignInButton({
  clientId,
  onCredential,
}: GoogleSignInButtonProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const onCredentialRef = useRef(onCredential);
  onCredentialRef.current = onCredential;

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentityServices()
      .then((google) => {
        const box = boxRef.current;
        if (cancelled || !box) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) => onCredentialRef.current(response.credential),
        });
        google.accounts.id.renderButton(box, {
          type: "standard",
          theme: "filled_black",
          size: "large",
          shape: "pill",
          text: "continue_with",
          width: Math.min(400, Math.max(200, Math.round(box.clientWidth))),
        });
        setDrawn(true);
      })
      // SPEC.md §8: Google sign-in problems are only logged; email and password still work.
      .catch((error: unknown) => console.warn(error));
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  return (
    <div
      className={drawn ? "auth-alt" : "auth-alt is-loading"}
      aria-hidden={drawn ? undefined : true}
    >
      <p className="auth-alt__divider">
        <span>or</span>
      </p>
      <div ref={boxRef} className="google-signin" />
    </div>
  );
}
