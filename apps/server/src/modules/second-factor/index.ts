// The second-factor module's public surface: other modules import from here, never its files.
export { CODE_BACKOFF, CodeAttempts, type CodeCaller, type WrongCodeAlert } from './attempts';
export {
  challengeUser,
  checkSecondFactorCode,
  issueChallenge,
  resetSecondFactor,
  takeChallenge,
} from './service';
