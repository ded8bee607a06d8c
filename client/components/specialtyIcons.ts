// The icon of each specialty (lucide-static, inlined as SVG markup at build
// time by ssr/icons.go; used only in server-rendered pages, never shipped
// as script). A specialty without its own icon gets the stethoscope.
import activity from "icon:activity";
import apple from "icon:apple";
import baby from "icon:baby";
import bean from "icon:bean";
import bone from "icon:bone";
import brain from "icon:brain";
import brainCircuit from "icon:brain-circuit";
import brainCog from "icon:brain-cog";
import bug from "icon:bug";
import droplet from "icon:droplet";
import dumbbell from "icon:dumbbell";
import ear from "icon:ear";
import eye from "icon:eye";
import flower from "icon:flower-2";
import hand from "icon:hand";
import heartPulse from "icon:heart-pulse";
import mars from "icon:mars";
import messageCircle from "icon:message-circle";
import ribbon from "icon:ribbon";
import scanFace from "icon:scan-face";
import scissors from "icon:scissors";
import smile from "icon:smile";
import soup from "icon:soup";
import sparkles from "icon:sparkles";
import stethoscope from "icon:stethoscope";
import venus from "icon:venus";
import wind from "icon:wind";
import { lookupTable } from "../lib/lookup";

const bySlug = lookupTable<string>({
  terapevt: stethoscope,
  kardiolog: heartPulse,
  pediatr: baby,
  nevrolog: brain,
  ginekolog: venus,
  stomatolog: smile,
  oftalmolog: eye,
  lor: ear,
  urolog: droplet,
  endokrinolog: activity,
  dermatolog: scanFace,
  xirurg: scissors,
  "travmatolog-ortoped": bone,
  gastroenterolog: soup,
  psixolog: brainCog,
  psixiatr: brainCircuit,
  onkolog: ribbon,
  allergolog: flower,
  revmatolog: bone,
  nefrolog: bean,
  pulmonolog: wind,
  mammolog: ribbon,
  logoped: messageCircle,
  massajist: hand,
  fizioterapevt: dumbbell,
  dietolog: apple,
  androlog: mars,
  infeksionist: bug,
  gematolog: droplet,
  kosmetolog: sparkles,
});

/** specialtyIcon is the SVG markup of a specialty's icon. */
export function specialtyIcon(slug: string): string {
  return bySlug[slug] ?? stethoscope;
}
