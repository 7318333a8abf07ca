// The telegram module's public surface: other modules import from here, never its files.
export { queueForAccount as queueTelegram, type Texts as TelegramTexts } from './repository';
export { inEveryLanguage } from './texts';
