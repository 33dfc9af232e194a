// Where each visit's transcription stands, for the treatment log's list and detail.
export { latestJobStatuses } from './transcription.repo';
