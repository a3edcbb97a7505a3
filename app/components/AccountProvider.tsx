import {
  Link,
  useLocation,
  useNavigate,
  useRouteLoaderData,
} from "@remix-run/react";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from "react";
import { apiFetch } from "~/lib/api";
import { useFetcherPost } from "~/lib/forms-fetcher";
import type { UserData, UserProfile } from "#contract/types";
import { syncStoredUser } from "~/lib/user-store";
import {
  initialPopupState,
  popupReducer,
  type PopupAction,
  type PopupState,
} from "~/state/popup";
import { useViewer } from "./root-data";
import { useSocket } from "./SocketProvider";
import { useRevalidate } from "./useRevalidate";

/** SPEC.md §4/§9: the session update goes out 5 s after the app loads. */
const SESSION_UPDATE_DELAY_MS = 5_000;

/** The log-out's route action (routes/auth.logout.tsx). */
/** Where Log out posts, with and without JavaScript. */
export const LOG_OUT_ACTION = "/auth/logout";

export interface Account {
  popup: PopupState;
  dispatchPopup: (action: PopupAction) => void;
  openLogin: () => void;
  openSignUp: () => void;
  closePopup: () => void;
  /**
   * Login or sign-up succeeded: keep the user, close the popup and reload page data (then go to `to`, if given).
   */
  signedIn: (user: UserData, to?: string) => void;
  /** Log-out: ends the server session, forgets the user and goes home. */
  signOut: () => Promise<void>;
  /** The server saved the profile (its fetcher's action reloads page data): merge it into the stored user. */
  profileSaved: (profile: Partial<UserProfile>) => void;
}

const AccountContext = createContext<Account | null>(null);

let tabSocketId: string | null = null;
/** One random id per tab (page load), sent as the session's socket. */
function socketIdOfThisTab(): string {
  tabSocketId ??= crypto.randomUUID();
  return tabSocketId;
}

/**
 * The client side of the account: the popup store (SPEC.md §4 popup type), the stored userData and the session update.
 * Pages know the player from the server (root loader, session cookie); this keeps the browser's copy in step with it.
 */
export function AccountProvider({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const [popup, dispatchPopup] = useReducer(popupReducer, initialPopupState);
  const navigate = useNavigate();
  const revalidate = useRevalidate();
  // Undefined when the root loader itself failed (an error page): then the server has said nothing about the player.
  const serverSpoke = useRouteLoaderData("root") !== undefined;
  const viewerIdRef = useRef(viewer?._id ?? null);
  viewerIdRef.current = viewer?._id ?? null;
  // The full profile the server last answered (log-in, profile save, /api/user/me): fields pages do not load.
  const [profile, setProfile] = useState<Partial<UserData> | null>(null);

  // userData (SPEC.md §3) is written here and nowhere else, from what the server says: the root loader's viewer, which
  // every wallet, bonus or log-in change (in this tab, another tab via the socket, or a form) reloads. Nothing on
  // screen reads it back.
  useEffect(() => {
    if (!serverSpoke) return;
    if (!viewer) {
      syncStoredUser(null);
      return;
    }
    syncStoredUser({
      ...(profile?._id === viewer._id ? profile : {}),
      ...viewer,
    });
  }, [serverSpoke, viewer, profile]);

  // Signed in by a form posted without JavaScript (or before hydration): the rest of the profile comes from the server.
  const viewerId = viewer?._id ?? null;
  const profileId = profile?._id ?? null;
  useEffect(() => {
    if (!serverSpoke || viewerId === null || profileId === viewerId) return;
    apiFetch<UserProfile>("/api/user/me")
      .then((user) => user._id === viewerIdRef.current && setProfile(user))
      .catch(() => undefined);
  }, [serverSpoke, viewerId, profileId]);

  // The update names this tab's socket, so it goes out once that socket is open, 5 s after load or later. A session
  // that ended meanwhile (logged out elsewhere, password reset) closed the socket first: nothing is sent for it. One
  // that ends while the update is on its way is refused (401); the socket's close then reloads the page as a visitor's.
  const socketOpen = useSocket().status === "open";
  const [updateDue, setUpdateDue] = useState(false);
  const updateSent = useRef(false);
  useEffect(() => {
    const timer = window.setTimeout(
      () => setUpdateDue(true),
      SESSION_UPDATE_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, []);
  useEffect(() => {
    const user = viewerIdRef.current;
    if (!updateDue || !socketOpen || user === null || updateSent.current)
      return;
    updateSent.current = true;
    // The session is the request's own (its cookie): the page never knows its token.
    apiFetch("/api/session", {
      method: "POST",
      json: { user, socket: socketIdOfThisTab() },
    }).catch(() => undefined);
  }, [updateDue, socketOpen]);

  const post = useFetcherPost<{ ok: boolean }>();
  const signOut = useCallback(async () => {
    // The reloaded root data says who is signed in now, and userData follows it.
    await post(LOG_OUT_ACTION);
    setProfile(null);
    dispatchPopup({ type: "close" });
    navigate("/");
  }, [post, navigate]);

  // Stable across popup changes, so effects that open a popup do not run again when it closes.
  const actions = useMemo(
    () => ({
      dispatchPopup,
      openLogin: () => dispatchPopup({ type: "open", popup: "login" }),
      openSignUp: () => dispatchPopup({ type: "open", popup: "signup" }),
      closePopup: () => dispatchPopup({ type: "close" }),
      signedIn: (user: UserData, to?: string) => {
        setProfile(user);
        dispatchPopup({ type: "loggedIn" });
        // A reload interrupted by the navigation makes that navigation load every route, the root's viewer included.
        revalidate();
        if (to) navigate(to);
      },
      signOut,
      profileSaved: (profile: Partial<UserProfile>) =>
        setProfile((stored) => ({ ...stored, ...profile })),
    }),
    [navigate, revalidate, signOut],
  );
  const account = useMemo<Account>(
    () => ({ ...actions, popup }),
    [actions, popup],
  );

  return (
    <AccountContext.Provider value={account}>
      {children}
    </AccountContext.Provider>
  );
}

export function useAccount(): Account {
  const account = useContext(AccountContext);
  if (!account) throw new Error("useAccount needs an AccountProvider above it");
  return account;
}

/**
 * SPEC.md §2/§6: screens for players open the login popup for a visitor instead of navigating.
 * Returns a click handler for such links (the link still works without JavaScript and shows the page's login panel).
 */
export function useLoginGate(): (event: MouseEvent) => void {
  const viewer = useViewer();
  const { openLogin } = useAccount();
  return useCallback(
    (event: MouseEvent) => {
      if (
        viewer ||
        event.defaultPrevented ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.button !== 0
      )
        return;
      event.preventDefault();
      openLogin();
    },
    [viewer, openLogin],
  );
}

/** SPEC.md §6: a page only for players (Social, notifications) opens the login popup as soon as a visitor lands on it. */
export function useLoginPopupForVisitors(): void {
  const signedIn = Boolean(useViewer());
  const { openLogin } = useAccount();
  useEffect(() => {
    if (!signedIn) openLogin();
  }, [signedIn, openLogin]);
}

/**
 * "Log in" for a visitor: without JavaScript (or before hydration) a link to the /login page that returns here; with it,
 * the login popup.
 */
export function LoginLink({ className }: { className: string }) {
  const { openLogin } = useAccount();
  const { pathname, search } = useLocation();
  return (
    <Link
      to={`/login?redirectTo=${encodeURIComponent(pathname + search)}`}
      role="button"
      className={className}
      aria-haspopup="dialog"
      onClick={(event) => {
        event.preventDefault();
        openLogin();
      }}
    >
      Log in
    </Link>
  );
}
