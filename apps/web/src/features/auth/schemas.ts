// The sign-in pages' schemas, which they load once they are on screen (lib/use-app-form.ts
// LazySchema): these are the pages of a first visit, and without a schema among their static
// imports their first load carries neither zod nor the work of building the schemas.
export {
  ForgotPasswordBodySchema,
  LoginBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SecondFactorCodeBodySchema,
} from '@iddesk/contract';
