// The second-factor module's public surface: other modules import from here, never its files.
export { codeAttempts } from './attempts';
export {
  checkSecondFactorCode,
  issueChallenge,
  openChallenge,
  resetSecondFactor,
} from './service';
