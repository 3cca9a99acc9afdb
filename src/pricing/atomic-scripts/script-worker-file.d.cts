/** The absolute path of script-worker.cjs. */
declare const workerFile: string;
export = workerFile;
