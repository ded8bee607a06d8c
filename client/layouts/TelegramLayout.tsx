import type { ReactNode } from "react";
import type { RenderProps } from "../types";

/**
 * TelegramLayout frames pages opened inside the Telegram mini-app: no
 * header, no footer and no tracking, just the page.
 */
export function TelegramLayout(props: RenderProps & { children: ReactNode }) {
  return <main className="main telegram">{props.children}</main>;
}
