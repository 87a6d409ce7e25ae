# The printed kernel gemv-40x37-wrong.cl executed by hand, work-item by
# work-item between its barriers, on random inputs: prints its largest
# error against y = A x (0.0 when the printed code is right).
import random
M,N=40,37
A=[[random.random() for _ in range(N)] for _ in range(M)]
x=[random.random() for _ in range(N)]
ref=[sum(A[m][n]*x[n] for n in range(N)) for m in range(M)]
y=[None]*M
v_acc=[float('nan')]*40; v_v=[float('nan')]*10
for i0 in range(5):
  v_a=[[float('nan')]*16]  # local per group
  v_a=[float('nan')]*16
  # phase: init by all work-items
  for i4 in range(4):
    for i1 in range(4):
      for i2 in range(2):
        v_acc[i1*10+i2*5+i0]=0.0
  for i3 in range(19):
    for i4 in range(4):
      for i7 in range(2):
        if i7+i3*2<37: v_v[i7*5+i0]=x[i7+i3*2]
      for i5 in range(2):
        for i6 in range(2):
          if i6+i3*2<37: v_a[i4*4+i5*2+i6]=A[i5+i4*2+i0*8][i6+i3*2]
    for i4 in range(4):
      for i10 in range(2):
        for i9 in range(2):
          if i10+i3*2<37:
            v_acc[i4*10+i9*5+i0]=v_a[i4*4+i9*2+i10]*v_v[i10*5+i0]+v_acc[i4*10+i9*5+i0]
  for i4 in range(4):
    for i12 in range(2):
      for i11 in range(4):
        y[i12+i11*2+i0*8]=v_acc[i11*10+i12*5+i0]
print(max(abs(a-b) for a,b in zip(y,ref)))
