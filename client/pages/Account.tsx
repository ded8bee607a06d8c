// The account pages: sign-in, registration completion, the profile and its
// personal data. All but sign-in are the visitor's own (rendered per
// request behind the auth guard); none is for search engines.
import { t, type Lang } from "../lib/i18n";
import { href } from "../lib/href";
import { PageHead } from "../components/PageHead";
import { ProfileForm, RelativesForm, SignInForm } from "../components/islands";
import type { Profile as AccountProfile, UserPageData as UserData } from "../gen/account";
import type { RenderProps } from "../types";
import "./Account.css";

function profileOf(u: AccountProfile): AccountProfile {
  return { firstName: u.firstName, lastName: u.lastName, birthDate: u.birthDate, gender: u.gender, email: u.email };
}

/** SignIn is /login: the phone and SMS code form. */
export function SignIn(props: RenderProps) {
  const { lang } = props;
  return (
    <>
      <PageHead title={`${t(lang, "signIn.title")} | ${t(lang, "site.name")}`} description={t(lang, "signIn.description")} url={props.url} noindex />
      <section className="account">
        <h1 className="page-title">{t(lang, "signIn.title")}</h1>
        <p>{t(lang, "signIn.intro")}</p>
        <SignInForm lang={lang} />
        {props.telegram && (
          <p className="account__telegram">
            <a className="button button--outline" href={telegramLoginHref(props.telegram.id, props.url.origin, props.url.paths[lang] || "/login")}>
              {t(lang, "telegram.signIn")}
            </a>
          </p>
        )}
      </section>
    </>
  );
}

/**
 * telegramLoginHref is Telegram's sign-in page for the bot, which comes
 * back to returnPath with #tgAuthResult (the login widget's signed
 * fields; lib/telegram.ts posts them to /api/telegram/login). A link, not
 * Telegram's widget script: the site loads no third-party script here.
 */
function telegramLoginHref(botID: string, origin: string, returnPath: string): string {
  // By hand: the server renders this too, and its JavaScript has no URLSearchParams.
  const q = { bot_id: botID, origin, request_access: "write", return_to: origin + returnPath };
  return "https://oauth.telegram.org/auth?" + Object.entries(q).map(([k, v]) => k + "=" + encodeURIComponent(v)).join("&");
}

/** RegisterFinalize is /register/finalize: the first profile, after the first sign-in. */
export function RegisterFinalize(props: RenderProps<UserData>) {
  const { lang, data } = props;
  const place = { lang, region: props.region.slug };
  return (
    <>
      <PageHead title={`${t(lang, "register.title")} | ${t(lang, "site.name")}`} description={t(lang, "register.description")} url={props.url} noindex />
      <section className="account">
        <h1 className="page-title">{t(lang, "register.title")}</h1>
        <p>{t(lang, "register.intro", { phone: data.phoneDisplay })}</p>
        <ProfileForm
          lang={lang}
          initial={profileOf(data)}
          submitKey="register.submit"
          next={href("profile", {}, place)}
          signInPath={href("login", {}, place)}
          today={data.today}
        />
      </section>
    </>
  );
}

function genderLabel(lang: Lang, g: AccountProfile["gender"]): string {
  if (g === "male") return t(lang, "gender.male");
  if (g === "female") return t(lang, "gender.female");
  return t(lang, "profile.notSet");
}

/** Profile is /profile: who is signed in, their data, and the way out. */
export function Profile(props: RenderProps<UserData>) {
  const { lang, data } = props;
  const place = { lang, region: props.region.slug };
  const notSet = t(lang, "profile.notSet");
  const name = [data.firstName, data.lastName].filter(Boolean).join(" ");
  const rows: [string, string][] = [
    [t(lang, "profile.phone"), data.phoneDisplay],
    [t(lang, "account.field.firstName"), data.firstName || notSet],
    [t(lang, "account.field.lastName"), data.lastName || notSet],
    [t(lang, "account.field.birthDate"), data.birthDate ? data.birthDate.split("-").reverse().join(".") : notSet],
    [t(lang, "account.field.gender"), genderLabel(lang, data.gender)],
    [t(lang, "account.field.email"), data.email || notSet],
  ];
  return (
    <>
      <PageHead title={`${t(lang, "profile.title")} | ${t(lang, "site.name")}`} description={t(lang, "profile.description")} url={props.url} noindex />
      <section className="account">
        <h1 className="page-title">{t(lang, "profile.title")}</h1>
        {name ? <p className="account__greeting">{t(lang, "profile.greeting", { name })}</p> : null}
        <h2>{t(lang, "profile.personal")}</h2>
        <dl className="account__data">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="account__actions">
          <a className="button" href={href("profile-personal", {}, place)}>{t(lang, "profile.edit")}</a>
        </div>
        <section className="account__relatives" aria-labelledby="relatives-title">
          <h2 id="relatives-title">{t(lang, "relatives.title")}</h2>
          <p className="account__note">{t(lang, "relatives.intro")}</p>
          <RelativesForm lang={lang} initial={data.relatives ?? []} today={data.today} />
        </section>
        <div className="account__actions">
          <a className="button button--outline" href={href("consultant", {}, place)}>{t(lang, "consultant.title")}</a>
          {/* A plain form: signing out works before (and without) any script. */}
          <form method="post" action={`/api/auth/logout?lang=${lang}`}>
            <button className="button button--outline" type="submit">{t(lang, "profile.logout")}</button>
          </form>
        </div>
      </section>
    </>
  );
}

/** ProfilePersonal is /profile/personal: the personal data form. */
export function ProfilePersonal(props: RenderProps<UserData>) {
  const { lang, data } = props;
  const place = { lang, region: props.region.slug };
  return (
    <>
      <PageHead title={`${t(lang, "profile.personal")} | ${t(lang, "site.name")}`} description={t(lang, "profile.personalDescription")} url={props.url} noindex />
      <section className="account">
        <p><a href={href("profile", {}, place)}>← {t(lang, "profile.back")}</a></p>
        <h1 className="page-title">{t(lang, "profile.personal")}</h1>
        <p className="account__phone">{t(lang, "profile.phone")}: {data.phoneDisplay}</p>
        <ProfileForm
          lang={lang}
          initial={profileOf(data)}
          submitKey="profile.save"
          next=""
          signInPath={href("login", {}, place)}
          today={data.today}
        />
        <section className="account__danger" aria-labelledby="delete-account">
          <h2 id="delete-account">{t(lang, "account.delete")}</h2>
          <p>{t(lang, "account.deleteText")}</p>
          {/* A plain form, as /account-deletion describes it: it works without any script. */}
          <form method="post" action={`/api/account/delete?lang=${lang}`}>
            <label className="account__confirm">
              <input type="checkbox" name="confirm" value="yes" required /> {t(lang, "account.deleteConfirm")}
            </label>
            <button className="button button--danger" type="submit">{t(lang, "account.delete")}</button>
          </form>
        </section>
      </section>
    </>
  );
}
