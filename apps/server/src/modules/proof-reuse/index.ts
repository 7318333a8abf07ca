// The proof-reuse module's public surface (issue 16): other modules import from here.
export { approvedElsewhere, assertReferenceFree, lockReference, type ProofOwner, referenceApprovedColumn, toReusedProof } from './repository';
