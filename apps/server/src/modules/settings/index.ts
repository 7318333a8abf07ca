// The settings module's public surface: other modules import from here, never its files.
export { SETTING, siteSettingKey } from './keys';
export { assertWithinLimits, cachedMoneyLimits, getMoneyLimits } from './money-limits';
export { getSetting, getSettings, putSetting } from './repository';
