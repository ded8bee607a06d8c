// Package telegram speaks Telegram's protocols for the site (issue 31):
// it checks the Mini App's initData and the login widget's data, signs
// people in from them, calls the Bot API, and serves the bot's webhook.
//
// Everything here is off without a bot token (config.TelegramBotToken):
// the handler then registers only a webhook that answers 404, and booking
// notices go by SMS as before.
//
//	POST /api/telegram/session?lang=   {"initData"}   sign in from the Mini App (initData signed with the bot token)
//	POST /api/telegram/login?lang=     widget fields  sign in, or link Telegram to the signed-in account, from the login widget
//	POST /api/telegram/link-code?lang=                a staff member's one-time code for /start link-CODE
//	POST /api/telegram/webhook                        the bot's updates (X-Telegram-Bot-Api-Secret-Token)
//
// The token is a secret: it keys the signatures and is part of every Bot
// API URL, so no error or log line here carries a URL of the Bot API.
package telegram
