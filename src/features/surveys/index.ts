// The surveys feature's public face: nothing other features use (the lead page's surveys section
// lives with the lead page's other sections). Its screens (template builder, fill page, survey page)
// are lazy-loaded by the app's route table straight from their files.
export {};
