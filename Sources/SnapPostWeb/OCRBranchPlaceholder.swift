// Placeholder so the ocr branch builds on its own; delete when merging the real web target.
enum OCRBranchPlaceholder {}
