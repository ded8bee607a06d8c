import { t } from "../lib/i18n";
import { mainNav, SIDEBAR_ID } from "./Header";
import type { RenderProps } from "../types";
import "./Sidebar.css";

/** Sidebar is the mobile navigation the burger menu island opens. */
export function Sidebar({ lang, region }: RenderProps) {
  return (
    <nav id={SIDEBAR_ID} className="sidebar" data-open="false" aria-label={t(lang, "nav.menu")}>
      <ul>
        {mainNav({ lang, region: region.slug }).map((item) => (
          <li key={item.href}><a href={item.href}>{item.label}</a></li>
        ))}
      </ul>
    </nav>
  );
}
