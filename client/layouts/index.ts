import type { ComponentType, ReactNode } from "react";
import { DefaultLayout } from "./DefaultLayout";
import { ErrorLayout } from "./ErrorLayout";
import { TelegramLayout } from "./TelegramLayout";
import { ChatLayout } from "./ChatLayout";
import type { RenderProps } from "../types";

/** layouts maps the layout names of shared/routes.json to components. */
export const layouts: Record<string, ComponentType<RenderProps & { children: ReactNode }>> = {
  default: DefaultLayout,
  error: ErrorLayout,
  telegram: TelegramLayout,
  chat: ChatLayout,
};
