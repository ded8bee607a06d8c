// Browser tests of signing in and the account pages (spec §4 check 4). The
// site under test posts its SMS to a gateway on loopback
// (server/account/smstest), which this test asks for the code, the way a
// patient reads their phone.
//
// Run against a running site: BASE_URL=... SMS_GATEWAY_URL=... node --test client/e2e/
import { test } from "node:test";
import assert from "node:assert/strict";
import { desktop, mobile, hydrated, screenshot, smsCode, watchProblems, withContext } from "./browser.mjs";


/** expected drops the refusals a step provokes on purpose from the problems. */
function unexpected(problems, ...allowed) {
  return problems.filter((p) => !allowed.some((a) => p.includes(a)));
}

test("a first sign-in, registration, personal data and signing out", async () => {
  await withContext({ viewport: desktop }, async (page, context) => {
    const problems = watchProblems(page);
    await page.goto("/doctors");
    await Promise.all([page.waitForURL((u) => u.pathname === "/login"), page.locator(".header__account--guest").click()]);
    await hydrated(page, "SignInForm");

    // The mask writes the number as people read it.
    const phone = page.getByLabel("Номер телефона");
    await phone.pressSequentially("901234567");
    assert.equal(await phone.inputValue(), "+998 90 123-45-67");
    await page.getByRole("button", { name: "Получить код" }).click();
    await page.getByText("Код отправлен на +998 90 123-45-67.").waitFor();
    const resend = page.getByRole("button", { name: /Повторно — через \d+ с/ });
    assert.ok(await resend.isDisabled(), "resending waits for the countdown");

    const code = await smsCode("+998901234567");
    const codeInput = page.getByLabel("Код из SMS");
    await codeInput.fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Войти", exact: true }).click();
    assert.equal(await page.getByRole("alert").innerText(), "Неверный код. Осталось попыток: 4.");

    await codeInput.fill(code);
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/register/finalize"),
      page.getByRole("button", { name: "Войти", exact: true }).click(),
    ]);
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
    assert.ok(cookies.token?.httpOnly, "the session cookie is HttpOnly");
    assert.equal(cookies.token.sameSite, "Lax");
    assert.ok(cookies.is_new_user, "a first sign-in sets is_new_user");

    // The server checks the form and names each field's mistake.
    await hydrated(page, "ProfileForm");
    await page.getByRole("button", { name: "Завершить регистрацию" }).click();
    const firstName = page.getByLabel("Имя", { exact: true });
    await page.getByText("Заполните поле «Имя».").waitFor();
    assert.equal(await firstName.getAttribute("aria-invalid"), "true");
    assert.equal(await page.getByRole("alert").innerText(), "Проверьте поля формы.");
    await screenshot(page, "register-errors-desktop.png");

    await firstName.fill("Дилноза");
    await page.getByLabel("Фамилия").fill("Каримова");
    await page.getByLabel("Пол", { exact: true }).selectOption("female");
    // The sign-in began on /doctors (the header's link): registration
    // finishes there (issue 34 item 3).
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/doctors"),
      page.getByRole("button", { name: "Завершить регистрацию" }).click(),
    ]);
    await page.goto("/profile");
    assert.equal(await page.locator(".account__greeting").innerText(), "Здравствуйте, Дилноза Каримова!");
    assert.ok(!(await context.cookies()).some((c) => c.name === "is_new_user"), "registration clears is_new_user");

    // The same person in Uzbek: the personal data form.
    await page.goto("/uz/profile/personal");
    await hydrated(page, "ProfileForm");
    await page.getByLabel("Elektron pochta").fill("dilnoza@");
    await page.getByRole("button", { name: "Saqlash" }).click();
    await page.getByText("«Elektron pochta» maydoni noto'g'ri to'ldirilgan.").waitFor();
    await page.getByLabel("Elektron pochta").fill("dilnoza@example.uz");
    await page.getByRole("button", { name: "Saqlash" }).click();
    await page.getByRole("status").filter({ hasText: "Ma'lumotlar saqlandi" }).waitFor();
    await screenshot(page, "profile-personal-uz-desktop.png");

    // A visitor who is signed in and opens /login is taken to the profile.
    await Promise.all([page.waitForURL((u) => u.pathname === "/uz/profile"), page.goto("/uz/login")]);

    await Promise.all([page.waitForURL((u) => u.pathname === "/uz"), page.getByRole("button", { name: "Chiqish" }).click()]);
    await page.goto("/profile");
    assert.equal(new URL(page.url()).pathname, "/", "signed out, the profile sends home");

    assert.deepEqual(unexpected(problems, "HTTP 400: ", "HTTP 422: ", "status of 400", "status of 422"), []);
  });
});

test("signing in on a phone, in Uzbek, and a second sign-in skips registration", async () => {
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page) => {
    const problems = watchProblems(page);
    await page.goto("/uz/login");
    await hydrated(page, "SignInForm");
    await page.getByLabel("Telefon raqami").fill("+998 93 555 66 77");
    await page.getByRole("button", { name: "Kodni olish" }).click();
    await page.getByText("Kod +998 93 555-66-77 raqamiga yuborildi.").waitFor();
    await screenshot(page, "sign-in-code-uz-mobile.png");
    await page.getByLabel("SMS dagi kod").fill(await smsCode("+998935556677"));
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/uz/register/finalize"),
      page.getByRole("button", { name: "Kirish", exact: true }).click(),
    ]);
    await hydrated(page, "ProfileForm");
    await page.getByLabel("Ism", { exact: true }).fill("Gʻayrat");
    await page.getByLabel("Familiya").fill("Toʻrayev");
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/uz/profile"),
      page.getByRole("button", { name: "Ro'yxatdan o'tishni yakunlash" }).click(),
    ]);
    assert.equal(await page.locator(".account__greeting").innerText(), "Assalomu alaykum, Gʻayrat Toʻrayev!");

    // Deleting the account, as /account-deletion describes it: only once confirmed.
    await page.goto("/uz/profile/personal");
    const remove = page.getByRole("button", { name: "Akkauntni o'chirish" });
    await remove.click();
    assert.equal(new URL(page.url()).pathname, "/uz/profile/personal", "the unticked box stops the form");
    await page.getByLabel("Buni bekor qilib bo'lmasligini tushunaman").check();
    await Promise.all([page.waitForURL((u) => u.pathname === "/uz"), remove.click()]);
    await page.goto("/uz/profile");
    assert.equal(new URL(page.url()).pathname, "/uz", "the deleted account has no profile");
    assert.deepEqual(problems, []);
  });
});

test("the AI consultant: a new chat gets its address, the answer shows, and a failed send keeps the question", async () => {
  await withContext({ viewport: mobile, isMobile: true, hasTouch: true }, async (page) => {
    const problems = watchProblems(page);
    await page.goto("/login");
    await hydrated(page, "SignInForm");
    await page.getByLabel("Номер телефона").fill("99 888 77 66");
    await page.getByRole("button", { name: "Получить код" }).click();
    await page.getByText("Код отправлен на +998 99 888-77-66.").waitFor();
    await page.getByLabel("Код из SMS").fill(await smsCode("+998998887766"));
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/register/finalize"),
      page.getByRole("button", { name: "Войти", exact: true }).click(),
    ]);
    await page.goto("/profile/consultant");
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/profile/consultant/ai_chat"),
      page.getByRole("link", { name: "Новый вопрос" }).click(),
    ]);
    await hydrated(page, "ChatBox");
    const box = page.getByLabel("Ваш вопрос");
    await box.fill("Болит горло третий день");
    await box.press("Enter");
    await page.getByText("Ответ (ru, 1): Болит горло третий день").waitFor();
    await page.waitForURL((u) => /^\/profile\/consultant\/ai_chat\/\d+$/.test(u.pathname));
    assert.equal(await box.inputValue(), "", "a sent question leaves the box");
    await screenshot(page, "consultant-chat-mobile.png");

    // The chat is kept: after a reload the next question continues it.
    await page.reload();
    await hydrated(page, "ChatBox");
    await box.fill("А если температура?");
    await page.getByRole("button", { name: "Отправить" }).click();
    await page.getByText("Ответ (ru, 3): А если температура?").waitFor();
    assert.equal(await page.locator(".chat__message").count(), 4);

    // Offline, the question comes back into the box with the reason.
    await page.context().setOffline(true);
    await box.fill("Что пить?");
    await box.press("Enter");
    await page.getByRole("alert").filter({ hasText: "Нет связи с сервером" }).waitFor();
    assert.equal(await box.inputValue(), "Что пить?");
    await page.context().setOffline(false);
    // A page view sent while offline fails too, and says so (SPEC §8).
    assert.deepEqual(unexpected(problems, "net::ERR_INTERNET_DISCONNECTED", "Error sending page view event TypeError: Failed to fetch"), []);
  });
});
