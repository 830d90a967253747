// What other modules use of the review queue (decision 0083): the try's insert of an item (this
// file stays free of the games and ledger services: the try imports it), the erasure's photos,
// the metrics' count.
export {
  countAllPending,
  listReviewedPhotoSteps,
  reviewItemInsert,
} from './review-items.repository';
