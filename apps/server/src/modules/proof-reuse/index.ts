// The proof-reuse module's public surface (issue 16): other modules import from here.
export {
  assertReferenceFree,
  guardProof,
  lockReference,
  type ProofConfirmed,
  type ProofOwner,
  type ProofPayment,
  referenceApprovedColumn,
  toReusedProof,
} from './repository';
