// What schema-loaders.ts imports when a sign-in form is first used; never imported statically.
export {
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginNewPasswordBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SecondFactorCodeBodySchema,
} from '@iddesk/contract';
