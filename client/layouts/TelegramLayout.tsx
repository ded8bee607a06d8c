import type { ReactNode } from "react";
import type { RenderProps } from "../types";

/**
 * TelegramLayout frames pages opened inside the Telegram mini-app: no
 * header, no footer and no tracking, just the page. Its pages load the
 * browser entry even without an island: inside Telegram it signs the
 * patient in and loads Telegram's script (lib/telegram.ts); elsewhere the
 * entry does nothing more than on any page.
 */
export function TelegramLayout(props: RenderProps & { children: ReactNode }) {
  return (
    <>
      <main className="main telegram">{props.children}</main>
      <script type="module" src={props.assets.entry} async />
    </>
  );
}
