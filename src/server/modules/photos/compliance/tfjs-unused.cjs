// What the detection worker's face-api gets for the parts of @tensorflow/tfjs it never uses
// (layers, converter, data, the cpu and webgl backends): nothing (detector.ts, decision 0122-memory-peak).
module.exports = {};
