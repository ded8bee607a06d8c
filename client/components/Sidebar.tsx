import limits from "../../shared/limits.json";
import { t } from "../lib/i18n";
import { mainNav, SIDEBAR_ID } from "./Header";
import type { RenderProps } from "../types";
import "./Sidebar.css";

/**
 * Sidebar is the mobile navigation the burger menu island opens. Closed, it
 * is inert (out of the tab order and the accessibility tree) until the
 * burger opens it.
 */
export function Sidebar({ lang, region, addClinicUrl }: RenderProps) {
  return (
    <nav id={SIDEBAR_ID} className="sidebar" data-open="false" inert aria-label={t(lang, "nav.menu")}>
      <ul>
        {mainNav({ lang, region: region.slug }).map((item) => (
          <li key={item.href}><a href={item.href}>{item.label}</a></li>
        ))}
        <li><a className="sidebar__add" href={addClinicUrl || limits.addClinicUrl} rel="noopener" target="_blank">{t(lang, "header.addClinic")}</a></li>
      </ul>
    </nav>
  );
}
