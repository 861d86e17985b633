// SSD MobileNet v1's forward pass as @vladmandic/face-api 1.7.15 computes it, op for op, except
// that each layer's activations are freed once the next layer has read them. face-api runs the
// whole backbone in one tf.tidy, which keeps every layer's output until the end: 147 MB of
// tensors at once for a 512 × 512 input, and tfjs's WebAssembly memory never shrinks, so the
// detection worker held ~250 MB from its first photo on. This pass peaks at ~66 MB for a 1000 px
// photo, weights included (~57 MB on detector.ts's 512 px input), with the same boxes and scores
// (ssd-forward.test.ts compares them with face-api's own; decision 0093-memory).
type FaceApi = typeof import('@vladmandic/face-api/dist/face-api.node-wasm.js');
type Tf = FaceApi['tf'];
type Tensor = ReturnType<Tf['tensor']>;
type Net = FaceApi['nets']['ssdMobilenetv1'];
type Params = NonNullable<Net['params']>;
type Pointwise = Params['mobilenetv1']['conv_0'];
type Depthwise = Params['mobilenetv1']['conv_1']['depthwise_conv'];
type BoxPredictor = Params['prediction_layer']['box_predictor_0'];
type Strides = [number, number];
type Step = (x: Tensor) => Tensor;

/** face-api's batch-norm epsilon (its float32 0.001). */
const BATCH_NORM_EPSILON = 0.0010000000474974513;
/** The backbone layers that halve the resolution. */
const STRIDE_TWO_LAYERS = [2, 4, 6, 12];
const BACKBONE_LAYERS = 13;
/** conv_11's output also feeds the first box predictor. */
const FIRST_PREDICTOR_LAYER = 11;
const INPUT_SIZE = 512;

/**
 * Runs `steps` on `input`, each step's result the next one's input, freeing every intermediate
 * tensor as soon as the next has been computed, and `input` itself after the first step when
 * `freeInput` (else the caller keeps it).
 */
function chain(input: Tensor, steps: Step[], freeInput = false): Tensor {
  let current = input;
  for (const step of steps) {
    const next = step(current);
    if (current !== input || freeInput) current.dispose();
    current = next;
  }
  return current;
}

export function leanForwardInput(tf: Tf, net: Net): Net['forwardInput'] {
  const pointwiseSteps = (p: Pointwise, strides: Strides): Step[] => [
    (t) => tf.conv2d(t as never, p.filters, strides, 'same'),
    (t) => tf.add(t, p.batch_norm_offset),
    (t) => tf.clipByValue(t, 0, 6),
  ];
  const depthwiseSteps = (p: Depthwise, strides: Strides): Step[] => [
    (t) => tf.depthwiseConv2d(t as never, p.filters, strides, 'same'),
    (t) =>
      tf.batchNorm(
        t,
        p.batch_norm_mean,
        p.batch_norm_variance,
        p.batch_norm_offset,
        p.batch_norm_scale,
        BATCH_NORM_EPSILON,
      ),
    (t) => tf.clipByValue(t, 0, 6),
  ];
  const pointwise = (x: Tensor, p: Pointwise, strides: Strides) => chain(x, pointwiseSteps(p, strides));
  const convWithBias = (x: Tensor, p: BoxPredictor['class_predictor']) =>
    tf.add(tf.conv2d(x as never, p.filters, [1, 1], 'same'), p.bias);
  const boxPredictor = (x: Tensor, p: BoxPredictor) => {
    const batch = x.shape[0] as number;
    return {
      box: tf.reshape(convWithBias(x, p.box_encoding_predictor), [batch, -1, 1, 4]),
      cls: tf.reshape(convWithBias(x, p.class_predictor), [batch, -1, 3]),
    };
  };
  /** Anchors and encodings to corner boxes (face-api's decodeBoxesLayer). */
  const decodeBoxes = (anchors: Tensor, encodings: Tensor) => {
    const [y0, x0, y1, x1] = tf.unstack(tf.transpose(anchors, [1, 0])) as [Tensor, Tensor, Tensor, Tensor];
    const sizes = [tf.sub(y1, y0), tf.sub(x1, x0)] as const;
    const centers = [tf.add(y0, tf.div(sizes[0], 2)), tf.add(x0, tf.div(sizes[1], 2))] as const;
    const [ey, ex, eh, ew] = tf.unstack(tf.transpose(encodings, [1, 0])) as [Tensor, Tensor, Tensor, Tensor];
    const halfHeight = tf.div(tf.mul(tf.exp(tf.div(eh, 5)), sizes[0]), 2);
    const centreY = tf.add(tf.mul(tf.div(ey, 10), sizes[0]), centers[0]);
    const halfWidth = tf.div(tf.mul(tf.exp(tf.div(ew, 5)), sizes[1]), 2);
    const centreX = tf.add(tf.mul(tf.div(ex, 10), sizes[1]), centers[1]);
    return tf.transpose(
      tf.stack([
        tf.sub(centreY, halfHeight),
        tf.sub(centreX, halfWidth),
        tf.add(centreY, halfHeight),
        tf.add(centreX, halfWidth),
      ]),
      [1, 0],
    );
  };

  return (input) => {
    const { params } = net;
    if (!params) throw new Error('SsdMobilenetv1 - load model before inference');
    const { mobilenetv1: backbone, prediction_layer: prediction, output_layer: output } = params;
    const x = tf.tidy(() => tf.sub(tf.div(tf.cast(input.toBatchTensor(INPUT_SIZE, false), 'float32'), 127.5), 1));
    let out = chain(x, pointwiseSteps(backbone.conv_0, [2, 2]), true);
    let conv11: Tensor | null = null;
    for (let layer = 1; layer <= BACKBONE_LAYERS; layer += 1) {
      const { depthwise_conv, pointwise_conv } = backbone[`conv_${layer}` as 'conv_1'];
      const strides: Strides = STRIDE_TWO_LAYERS.includes(layer) ? [2, 2] : [1, 1];
      // One chain for the whole layer, freeing its input once the depthwise convolution has read
      // it (conv_11's output is kept for the first box predictor): at 256 × 256, 16 MB less alive
      // at the peak than a chain per convolution.
      out = chain(
        out,
        [...depthwiseSteps(depthwise_conv, strides), ...pointwiseSteps(pointwise_conv, [1, 1])],
        out !== conv11,
      );
      if (layer === FIRST_PREDICTOR_LAYER) conv11 = out;
    }
    const last = out;
    const layer11 = conv11 as Tensor;
    // The prediction and output layers work on maps of 32 × 32 and smaller: one tidy, as face-api's.
    const result = tf.tidy(() => {
      // Four more halvings of the backbone's output, each a box predictor's input.
      const half = pointwise(pointwise(last, prediction.conv_0, [1, 1]), prediction.conv_1, [2, 2]);
      const quarter = pointwise(pointwise(half, prediction.conv_2, [1, 1]), prediction.conv_3, [2, 2]);
      const eighth = pointwise(pointwise(quarter, prediction.conv_4, [1, 1]), prediction.conv_5, [2, 2]);
      const sixteenth = pointwise(pointwise(eighth, prediction.conv_6, [1, 1]), prediction.conv_7, [2, 2]);
      const predictors = [
        boxPredictor(layer11, prediction.box_predictor_0),
        boxPredictor(last, prediction.box_predictor_1),
        boxPredictor(half, prediction.box_predictor_2),
        boxPredictor(quarter, prediction.box_predictor_3),
        boxPredictor(eighth, prediction.box_predictor_4),
        boxPredictor(sixteenth, prediction.box_predictor_5),
      ];
      const boxPredictions = tf.concat(
        predictors.map((p) => p.box),
        1,
      );
      const classPredictions = tf.concat(
        predictors.map((p) => p.cls),
        1,
      );
      const batch = boxPredictions.shape[0] as number;
      const anchors = tf.reshape(tf.tile(output.extra_dim, [batch, 1, 1]), [-1, 4]);
      const decoded = decodeBoxes(anchors, tf.reshape(boxPredictions, [-1, 4]));
      const boxes = tf.reshape(decoded, [batch, (decoded.shape[0] as number) / batch, 4]);
      const faceScores = tf.slice(
        tf.sigmoid(tf.slice(classPredictions, [0, 0, 1], [-1, -1, -1])),
        [0, 0, 0],
        [-1, -1, 1],
      );
      const scores = tf.reshape(faceScores, [batch, faceScores.shape[1] as number]);
      return { boxes: tf.unstack(boxes), scores: tf.unstack(scores) };
    });
    last.dispose();
    layer11.dispose();
    return result as ReturnType<Net['forwardInput']>;
  };
}
