import { useMatches } from "@remix-run/react";
import { type ReactNode } from "react";
import { shellModeOf } from "~/lib/viewer";
import { AccountPopups } from "./AccountPopups";
import { AccountProvider } from "./AccountProvider";
import { BottomBar } from "./BottomBar";
import { DailyBonus } from "./coins/DailyBonus";
import { ChallengeNotificationGate } from "./notifications/ChallengeNotificationGate";
import { NotificationsProvider } from "./notifications/NotificationsProvider";
import { NotificationToast } from "./notifications/NotificationToast";
import { useViewer } from "./root-data";
import { SideMenu } from "./SideMenu";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";
import { UnreadMessagesProvider } from "./social/UnreadMessages";
import "./AppShell.css";

export type ShellMode = "default" | "immersive" | "bare";

/**
 * The frame around every page. Routes choose a mode with `handle`: immersive (a game: no header, menu or footer,
 * bottom bar slides away) or bare (full-screen forms). Error pages pass `mode="default"` so visitors can find their way.
 * The account popups (login, sign-up), the challenge notification and the daily bonus open over any of them (the last two
 * wait while a game is on screen). NotificationsProvider keeps the bell's count and the balance live.
 */
export function AppShell({
  children,
  mode,
}: {
  children: ReactNode;
  mode?: ShellMode;
}) {
  const user = useViewer();
  const matches = useMatches();
  const shellMode = mode ?? shellModeOf(matches.map((match) => match.handle));
  const chrome = shellMode === "default";
  return (
    <AccountProvider>
      <NotificationsProvider>
        <UnreadMessagesProvider>
          <div className={`shell shell--${shellMode}`}>
            <a href="#main" className="skip-link">
              Skip to content
            </a>
            {chrome ? <SiteHeader user={user} /> : null}
            <div className="shell__body">
              {chrome ? <SideMenu /> : null}
              <div className="shell__main">
                <main id="main" className="shell__content">
                  {children}
                </main>
                {chrome ? <SiteFooter /> : null}
              </div>
            </div>
            {shellMode === "bare" ? null : (
              <BottomBar hidden={shellMode === "immersive"} />
            )}
          </div>
        </UnreadMessagesProvider>
        <AccountPopups />
        <ChallengeNotificationGate />
        <NotificationToast />
        <DailyBonus />
      </NotificationsProvider>
    </AccountProvider>
  );
}
