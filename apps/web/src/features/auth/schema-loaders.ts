// The sign-in pages' schemas, loaded when their form is first used (lib/use-app-form.ts
// LazySchema): these are the pages of a first visit, and with no schema among their static
// imports their first load carries neither zod nor the work of building the schemas.
const schemas = () => import('./schemas');

export const loginSchema = () => schemas().then((m) => m.LoginBodySchema);
export const newPasswordSchema = () => schemas().then((m) => m.LoginNewPasswordBodySchema);
export const secondFactorCodeSchema = () => schemas().then((m) => m.SecondFactorCodeBodySchema);
export const registerSchema = () => schemas().then((m) => m.RegisterBodySchema);
export const forgotPasswordSchema = () => schemas().then((m) => m.ForgotPasswordBodySchema);
export const resetPasswordSchema = () => schemas().then((m) => m.ResetPasswordBodySchema);
