export { type ClassifiedFile, FileClassificationTags } from './components/file-classification-tags.tsx';
