// The region prompt without React (issue 34 item 13). A first visit whose
// region was detected used to download React (~330 KB) only to ask "Your
// city is X?". The entry now draws the question with the DOM, from the
// labels the server wrote in the RegionPicker's props; "yes" stores the
// region and goes there, still without React; only "choose another" wakes
// the RegionPicker island, which opens its list.
import { storeRegion, storeRejection, requestPickerOpen } from "./regionChoice";
import { wakeIsland } from "./wake";

/** PromptLabels are the prompt's texts in the page's language; question has a {region} placeholder. */
export interface PromptLabels {
  question: string;
  confirm: string;
  other: string;
  choose: string;
}

/** showRegionPrompt asks whether found is the visitor's region; regions give each region's path. */
export function showRegionPrompt(found: { slug: string; name: string }, labels: PromptLabels, regions: { slug: string; path: string }[]): void {
  if (document.querySelector(".region-prompt")) return;
  const box = document.createElement("div");
  box.className = "region-prompt";
  box.dataset.plain = "";
  box.setAttribute("role", "alertdialog");
  box.setAttribute("aria-live", "polite");
  box.setAttribute("aria-label", labels.choose);
  const question = document.createElement("p");
  question.className = "region-prompt__question";
  question.textContent = labels.question.replace("{region}", found.name);
  const actions = document.createElement("div");
  actions.className = "region-prompt__actions";
  const button = (text: string, cls: string, onClick: () => void) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = cls;
    b.textContent = text;
    b.addEventListener("click", onClick);
    return b;
  };
  actions.append(
    button(labels.confirm, "button", () => {
      storeRegion(found.slug);
      box.remove();
      const target = regions.find((r) => r.slug === found.slug);
      if (target && target.path !== window.location.pathname + window.location.search) window.location.assign(target.path);
    }),
    button(labels.other, "button button--outline", () => {
      storeRejection();
      box.remove();
      requestPickerOpen();
      wakeIsland("RegionPicker");
    }),
  );
  box.append(question, actions);
  document.body.append(box);
}
