import limits from "../../shared/limits.json";
import { t, type Lang } from "../lib/i18n";
import { mainNav, SIDEBAR_ID } from "./Header";
import { fragment } from "./fragment";
import "./Sidebar.css";

/**
 * Sidebar is the mobile navigation the burger menu island opens. Closed, it
 * is inert (out of the tab order and the accessibility tree) until the
 * burger opens it.
 */
function SidebarCard({ lang, region, addClinicUrl }: { lang: Lang; region: string; addClinicUrl?: string }) {
  return (
    <nav id={SIDEBAR_ID} className="sidebar" data-open="false" inert aria-label={t(lang, "nav.menu")}>
      <ul>
        {mainNav({ lang, region }).map((item) => (
          <li key={item.href}><a href={item.href}>{item.label}</a></li>
        ))}
        <li><a className="sidebar__add" href={addClinicUrl || limits.addClinicUrl} rel="noopener" target="_blank">{t(lang, "header.addClinic")}</a></li>
      </ul>
    </nav>
  );
}

/** Sidebar renders once per language and region (fragment.tsx). */
export const Sidebar = fragment("sidebar", () => "chrome", SidebarCard);
