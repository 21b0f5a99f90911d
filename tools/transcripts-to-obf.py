#!/usr/bin/env python3
"""Prints, as OBF lines without scores, the position at E empties of every game in
`reversi-cli match --verbose` outputs (for timing solves on real game positions).
Usage: tools/transcripts-to-obf.py E OUT1 [OUT2 ...] > positions.obf"""
import sys, re
D=[(-1,-1),(-1,0),(-1,1),(0,-1),(0,1),(1,-1),(1,0),(1,1)]
def play(b, side, r, c):
    opp = 'O' if side=='X' else 'X'; fl=[]
    for dr,dc in D:
        rr,cc,line=r+dr,c+dc,[]
        while 0<=rr<8 and 0<=cc<8 and b[rr][cc]==opp: line.append((rr,cc)); rr+=dr; cc+=dc
        if line and 0<=rr<8 and 0<=cc<8 and b[rr][cc]==side: fl+=line
    if not fl: return False
    b[r][c]=side
    for rr,cc in fl: b[rr][cc]=side
    return True
def has_move(b, side):
    for r in range(8):
        for c in range(8):
            if b[r][c]=='-':
                bb=[row[:] for row in b]
                if play(bb, side, r, c): return True
    return False
target=int(sys.argv[1])
for f in sys.argv[2:]:
    for line in open(f):
        m=re.match(r'^\d+[ab] (\S+) ',line)
        if not m: continue
        t=m.group(1); b=[['-']*8 for _ in range(8)]
        b[3][3]='O'; b[4][4]='O'; b[3][4]='X'; b[4][3]='X'
        side='X'
        for i in range(0,len(t),2):
            c=ord(t[i])-97; r=int(t[i+1])-1
            if not has_move(b, side): side='O' if side=='X' else 'X'
            empties=sum(row.count('-') for row in b)
            if empties==target:
                print(''.join(''.join(row) for row in b)+' '+side+';'); break
            assert play(b, side, r, c), (t, i)
            side='O' if side=='X' else 'X'
